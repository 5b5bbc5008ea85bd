import { approvalSpecs } from './specs/approvalSpecs';
import { approvalWordingSpecs } from './specs/approvalWordingSpecs';
import { autoApproveSpecs } from './specs/autoApproveSpecs';
import { composerSpecs } from './specs/composerSpecs';
import { contextBarSpecs } from './specs/contextBarSpecs';
import { contextSpecs } from './specs/contextSpecs';
import { elicitationSpecs } from './specs/elicitationSpecs';
import { historySpecs } from './specs/historySpecs';
import { itemSpecs } from './specs/itemSpecs';
import { longConversationSpecs } from './specs/longConversationSpecs';
import { mcpResourceSpecs } from './specs/mcpResourceSpecs';
import { mcpSpecs } from './specs/mcpSpecs';
import { mentionPickerSpecs } from './specs/mentionPickerSpecs';
import { slashPickerSpecs } from './specs/slashPickerSpecs';
import { changedFileListSpecs } from './specs/changedFileListSpecs';
import { narrowLayoutSpecs, narrowTitleSpecs } from './specs/narrowLayoutSpecs';
import { pageSpecs } from './specs/pageSpecs';
import { agentPickerSpecs } from './specs/agentPickerSpecs';
import { planModeSpecs } from './specs/planModeSpecs';
import { questionFocusSpecs } from './specs/questionFocusSpecs';
import { queuedMessageSpecs } from './specs/queuedMessageSpecs';
import { reviewSpecs } from './specs/reviewSpecs';
import { sandboxApprovalSpecs } from './specs/sandboxApprovalSpecs';
import { webPageApprovalSpecs } from './specs/webPageApprovalSpecs';
import { sandboxStatusSpecs } from './specs/sandboxStatusSpecs';
import { securitySpecs } from './specs/securitySpecs';
import { streamingSpecs } from './specs/streamingSpecs';
import { subagentCardSpecs } from './specs/subagentCardSpecs';
import { todoListSpecs } from './specs/todoListSpecs';
import { waitingQuestionSpecs } from './specs/waitingQuestionSpecs';
import { ChatViewHarness } from './support/chatViewHarness';

/** The chat webview, built and served as in VS Code (same HTML, CSP and bundle), driven in a real Chromium. */
describe('webview: chat view in Chromium', function () {
  this.timeout(30_000);
  let harness: ChatViewHarness | undefined;
  const current = (): ChatViewHarness => {
    if (harness === undefined) throw new Error('The browser did not start.');
    return harness;
  };

  before(async () => {
    harness = await ChatViewHarness.start();
  });
  afterEach(async () => harness?.closePages());
  after(async () => harness?.stop());

  describe('page', () => pageSpecs(current));
  describe('streaming', () => streamingSpecs(current));
  describe('composer', () => composerSpecs(current));
  describe('task list', () => todoListSpecs(current));
  describe('@ mentions', () => mentionPickerSpecs(current));
  describe('/ commands', () => slashPickerSpecs(current));
  describe('queued messages', () => queuedMessageSpecs(current));
  describe('items', () => {
    itemSpecs(current);
    narrowLayoutSpecs(current);
    narrowTitleSpecs(current);
  });
  describe('subagent cards', () => subagentCardSpecs(current));
  describe('long conversations', () => longConversationSpecs(current));
  describe('history', () => historySpecs(current));
  describe('context and compaction', () => {
    contextSpecs(current);
    contextBarSpecs(current);
  });
  describe('review', () => {
    reviewSpecs(current);
    describe('the files a call changed', () => changedFileListSpecs(current));
  });
  describe('approvals', () => {
    approvalSpecs(current);
    approvalWordingSpecs(current);
    autoApproveSpecs(current);
    waitingQuestionSpecs(current);
    describe('a server\'s question', () => elicitationSpecs(current));
    describe('the keyboard on a question', () => questionFocusSpecs(current));
  });
  describe('sandbox', () => {
    sandboxApprovalSpecs(current);
    webPageApprovalSpecs(current);
    sandboxStatusSpecs(current);
  });
  describe('MCP servers', () => mcpSpecs(current));
  describe('MCP resources', () => mcpResourceSpecs(current));
  describe('plan mode', () => planModeSpecs(current));
  describe('agent picker', () => agentPickerSpecs(current));
  describe('security', () => securitySpecs(current));
});
