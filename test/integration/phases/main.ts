import { activationTests } from '../suites/activation.test';
import { applyPatchTests } from '../suites/applyPatch.test';
import { askAboutTests } from '../suites/askAbout.test';
import { chatTurnTests } from '../suites/chatTurn.test';
import { codeNavigationTests } from '../suites/codeNavigation.test';
import { commandTests } from '../suites/commands.test';
import { contextAndCostTests } from '../suites/contextAndCost.test';
import { customAgentTests } from '../suites/customAgents.test';
import { customizeTests } from '../suites/customize.test';
import { checkpointTests } from '../suites/checkpoints.test';
import { experimentsTests } from '../suites/experiments.test';
import { fetchUrlTests } from '../suites/fetchUrl.test';
import { historyAndThemeTests } from '../suites/historyAndThemes.test';
import { hookTests } from '../suites/hooks.test';
import { imageTests } from '../suites/images.test';
import { longSessionTests } from '../suites/longSession.test';
import { mcpTests } from '../suites/mcp.test';
import { mcpElicitationTests } from '../suites/mcpElicitation.test';
import { mcpSignInTests } from '../suites/mcpSignIn.test';
import { mcpResourceTests } from '../suites/mcpResources.test';
import { mcpLiveListTests } from '../suites/mcpLiveLists.test';
import { mentionTests } from '../suites/mentions.test';
import { slashCommandTests } from '../suites/slashCommands.test';
import { modelPickerTests } from '../suites/modelPicker.test';
import { multiEditReviewTests } from '../suites/multiEditReview.test';
import { cardsAtNarrowWidthTests } from '../suites/cardsAtNarrowWidth.test';
import { narrowCardTests } from '../suites/narrowCards.test';
import { todoListTests } from '../suites/todoList.test';
import { waitingQuestionTests } from '../suites/waitingQuestion.test';
import { planModeTests } from '../suites/planMode.test';
import { providerPresetTests } from '../suites/providerPresets.test';
import { problemsTests } from '../suites/problems.test';
import { providerErrorTests } from '../suites/providerErrors.test';
import { readmeScreenshotTests } from '../suites/readmeScreenshots.test';
import { recordingTests } from '../suites/recordings.test';
import { beforeReloadTests } from '../suites/reload.test';
import { reviewTests } from '../suites/review.test';
import { reviewOutcomeTests } from '../suites/reviewOutcomes.test';
import { runControlTests } from '../suites/runControl.test';
import { steeringTests } from '../suites/steering.test';
import { subagentTests } from '../suites/subagents.test';
import { sandboxTests } from '../suites/sandbox.test';
import { sandboxApprovalTests } from '../suites/sandboxApprovals.test';
import { settingsApplyAtOnceTests } from '../suites/settingsApplyAtOnce.test';
import { skillsTests } from '../suites/skills.test';
import { vscodeHostTests } from '../suites/vscodeHost.test';
import { welcomeTests } from '../suites/welcome.test';
import { workbenchTests } from '../suites/workbench.test';
import { workspaceEndpointTests } from '../suites/workspaceEndpoint.test';
import { worktreeTaskTests } from '../suites/worktreeTasks.test';
import { compareTests } from '../suites/compare.test';
import { xssTests } from '../suites/xss.test';
import { runPhase } from '../support/runPhase';

/** The first window: everything but what needs a reload in between. */
export function run(): Promise<void> {
  return runPhase([
    activationTests,
    welcomeTests,
    chatTurnTests,
    experimentsTests,
    askAboutTests,
    vscodeHostTests,
    problemsTests,
    codeNavigationTests,
    reviewTests,
    reviewOutcomeTests,
    multiEditReviewTests,
    applyPatchTests,
    checkpointTests,
    commandTests,
    sandboxTests,
    sandboxApprovalTests,
    fetchUrlTests,
    settingsApplyAtOnceTests,
    narrowCardTests,
    todoListTests,
    waitingQuestionTests,
    mentionTests,
    slashCommandTests,
    contextAndCostTests,
    mcpTests,
    mcpResourceTests,
    mcpElicitationTests,
    mcpSignInTests,
    mcpLiveListTests,
    customizeTests,
    runControlTests,
    steeringTests,
    recordingTests,
    providerErrorTests,
    modelPickerTests,
    providerPresetTests,
    workspaceEndpointTests,
    imageTests,
    xssTests,
    planModeTests,
    customAgentTests,
    subagentTests,
    skillsTests,
    hookTests,
    cardsAtNarrowWidthTests,
    workbenchTests,
    historyAndThemeTests,
    longSessionTests,
    readmeScreenshotTests,
    worktreeTaskTests,
    compareTests,
    beforeReloadTests,
  ]);
}
