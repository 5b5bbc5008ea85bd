import { agentListText } from './agentList';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TerminalApprovals } from './cliApprovals';
import { preApprovedClasses, refusalLine } from './approvalFlags';
import type { AgentSession } from '../core/agent/agentSession';
import type { AgentEvent } from '../core/agent/agentEvents';
import { parseCliArguments, usage, UsageError, type CliArguments } from './cliArguments';
import { contentWithImages, ImageFileError } from './imageFiles';
import { resolveCliConfig, type CliConfig } from './cliConfig';
import { cliMcpLog } from './cliMcpLog';
import { createCliMcp, type CliMcp } from './createCliMcp';
import { createCliSandbox } from './createCliSandbox';
import { cleanUpStaleWorktrees, startWorktreeTask } from './cliWorktree';
import { worktreesFolder } from '../node/dataFolder';
import { WorktreeManager } from '../node/worktrees/worktreeManager';
import { mcpServerSandbox } from '../node/sandboxedMcpTransports';
import { CliCustomizationTrust } from './cliCustomizationTrust';
import { createCliSession } from './createCliSession';
import { customizeCommand } from './customizeCommand';
import { untrustedCustomizationsLine } from './customizeReport';
import { loadHostCustomizations } from '../core/customize/hostCustomizations';
import { trustStoreFile, TrustedContentStore } from './trustedContentStore';
import { JsonRenderer, streamLine } from './jsonRenderer';
import { RunRecorder } from './stream/runRecorder';
import { sessionStartEvent } from './stream/sessionStartEvent';
import { ChangedFiles } from './stream/changedFiles';
import { loadAnswerSchema, type AnswerSchema } from './stream/answerSchema';
import { answerMatchingSchema, printCheckedAnswer, promptForSchema, resultWithCheck, withoutAnswers } from './stream/structuredAnswer';
import { exitCodeOf } from './stream/exitCodes';
import { cancelOnSignals } from './limits/cancelSignals';
import { requirePricesForBudget } from './limits/budgetPrices';
import { RunLimits } from './limits/runLimits';
import { expandMcpPromptCommand } from './mcpPromptCommand';
import { startingResourceReader, withTypedResources } from './resourceMentions';
import { routeLibraryConsole } from './libraryConsole';
import { printable } from './printable';
import { openInBrowser } from './browserOpener';
import { TerminalQuestions } from './terminalQuestions';
import { unattendedElicit } from './unattendedQuestions';
import { oneShotPrompt } from './cliSlashCatalog';
import { runInteractiveChat, runPipedPrompts, type EventRenderer, type ReplIo } from './repl';
import { TerminalRenderer } from './terminalRenderer';
import { unknownModelHint } from './unknownModelHint';
import { CliSessionRecord } from './sessions/cliSessionRecord';
import { chosenConversation, cliSessionStore, sessionChoiceOf } from './sessions/sessionChoice';
import { modelChangeNote, restoreConversation, sessionRecap } from './sessions/restoreConversation';
import { sessionCommand } from './sessions/sessionCommands';
import { mcpCommand } from './mcpCommands';
import { cliMcpAuth } from './cliMcpAuth';

declare const ELBOW_VERSION: string;

/** `elbow`: chat in the terminal, or run one request with -p. Returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const command = sessionCommand(argv, { writeOut: (text) => void process.stdout.write(text), writeErr: (text) => void process.stderr.write(printable(text)) });
  if (command !== undefined) return command;
  const mcpSubcommand = mcpCommand(argv, { writeOut: (text) => void process.stdout.write(text), writeErr: (text) => void process.stderr.write(printable(text)) }, version());
  if (mcpSubcommand !== undefined) return mcpSubcommand;
  const args = parseCliArguments(argv);
  if (args.help) return print(`${usage}\n`, 0);
  if (args.version) return print(`${version()}\n`, 0);
  const folder = workspaceRoot(args.cwd);
  const answerSchema = args.jsonSchema === undefined ? undefined : loadAnswerSchema(args.jsonSchema);
  const config = resolveCliConfig(args, process.env);
  const writeOut = (text: string): void => void process.stdout.write(text);
  // Elbow's plain lines carry names, commands and messages from servers and files, and no styling of Elbow's own.
  const writeErr = (text: string): void => void process.stderr.write(printable(text));
  for (const warning of config.warnings) writeErr(`elbow: ${warning}\n`);
  // A --worktree run is saved with the folder it was started in: its worktree is gone when it ends.
  const store = cliSessionStore(config.dataFolder, folder, (message) => writeErr(`elbow: ${message}\n`));
  const stored = await chosenConversation(store, sessionChoiceOf(args.continueSession, args.resume));
  const worktrees = new WorktreeManager({ folder: worktreesFolder(config.dataFolder) });
  await cleanUpStaleWorktrees(worktrees, writeErr);
  const worktreeTask = args.worktree ? await startWorktreeTask(worktrees, folder, args.prompt ?? '', { json: args.json, writeOut, writeErr }) : undefined;
  const root = worktreeTask?.root ?? folder;
  const changedFiles = new ChangedFiles(root);
  const interactive = args.prompt === undefined && process.stdin.isTTY === true && !args.json;
  const terminalApprovals = new TerminalApprovals();
  const terminalQuestions = new TerminalQuestions({ openUrl: openInBrowser, writeErr });
  const sandbox = createCliSandbox(args, config, root, writeErr, worktreeTask?.worktree);
  const trustStore = new TrustedContentStore(trustStoreFile(config.dataFolder), (message) => writeErr(`elbow: ${message}\n`));
  const customizationTrust = new CliCustomizationTrust(trustStore, args.trustCustomizations);
  const mcp = createCliMcp({
    root,
    serverSandbox: args.workspaceMcpOutsideSandbox ? undefined : mcpServerSandbox(sandbox),
    extraFiles: args.mcpConfig,
    passedEnvironment: args.passEnv,
    store: trustStore,
    trustWorkspace: args.trustWorkspace,
    clientVersion: version(),
    log: cliMcpLog(writeErr),
    writeErr,
    handlers: { elicit: interactive ? terminalQuestions.elicit : unattendedElicit(args.mcpQuestions, writeErr) },
    auth: cliMcpAuth(config.dataFolder),
  });
  let record: CliSessionRecord | undefined;
  try {
    const status = await sandbox.status();
    if (!status.available) writeErr(`elbow: commands run without a sandbox: ${status.reason}. Only commands that cannot run programs or write files run without asking.\n`);
    const session = await createCliSession(config, root, {
      approvals: interactive ? terminalApprovals : undefined,
      preApproved: preApprovedClasses(args),
      onRefusal: (what, request) => writeErr(refusalLine(what, request)),
      sandbox,
      allowHosts: args.allowHosts,
      allowDomains: args.allowDomains,
      customizationTrust,
      onFileChanged: (file) => changedFiles.note(file),
    }, mcp.tools);
    if (stored !== undefined) {
      restoreConversation(session, stored);
      const note = modelChangeNote(stored, config);
      if (note !== undefined) writeErr(note);
      if (interactive) writeOut(printable(sessionRecap(stored)));
    }
    record = CliSessionRecord.open(store, session, stored, (message) => writeErr(`elbow: ${message}\n`));
    const untrusted = untrustedCustomizationsLine(session.setup.customizations, interactive);
    if (untrusted !== undefined) writeErr(untrusted);
    if (args.plan) session.mode = 'plan';
    if (args.agent !== undefined && !session.pickAgent(args.agent)) {
      writeErr(`elbow: no agent is named ${args.agent}. ${agentListText(session.agentChoices())}
`);
      return 2;
    }
    const customize = customizeCommand({ load: () => loadHostCustomizations(session.host, customizationTrust), trust: customizationTrust, root });
    return await runSession(session, args, { root, interactive, terminalApprovals, terminalQuestions, mcp, config, customize, record, writeOut, writeErr, changedFiles, answerSchema });
  } finally {
    await record?.flushed();
    await mcp.manager.dispose();
    await sandbox.dispose();
    await worktreeTask?.finish();
  }
}

interface RunParts {
  /** The workspace folder the session works in. */
  root: string;
  interactive: boolean;
  terminalApprovals: TerminalApprovals;
  terminalQuestions: TerminalQuestions;
  mcp: CliMcp;
  config: CliConfig;
  customize: ReplIo['customize'];
  /** Saves the conversation as it goes. */
  record: CliSessionRecord;
  writeOut(text: string): void;
  writeErr(text: string): void;
  changedFiles: ChangedFiles;
  /** `--json-schema`: what the answer must match. */
  answerSchema?: AnswerSchema;
}

async function runSession(session: AgentSession, args: CliArguments, { root, interactive, terminalApprovals, terminalQuestions, mcp, config, customize, record, writeOut, writeErr, changedFiles, answerSchema }: RunParts): Promise<number> {
  const hint = session.limits === undefined ? undefined : unknownModelHint(config.settings.model, session.limits);
  if (hint !== undefined) writeErr(`${hint}\n`);
  const shown: EventRenderer = record.recording(args.json
    ? new JsonRenderer(writeOut)
    : new TerminalRenderer({ stdout: writeOut, stderr: (text) => void process.stderr.write(text) }, {
        // Only the chat streams: -p and piped runs print each final reply, so stdout never holds a reply that broke off and was asked for again.
        streamText: interactive,
        labelAnswers: interactive,
        color: interactive && process.stdout.isTTY === true,
      }));
  const renderer = answerSchema !== undefined && !args.json ? withoutAnswers(shown) : shown;

  if (interactive) {
    await runInteractiveChat(session, {
      input: process.stdin,
      output: process.stdout,
      renderer,
      slashSources: [mcp.prompts],
      resources: startingResourceReader(mcp),
      customize,
      onAskLine: (askLine, hold) => {
        terminalApprovals.attach(askLine);
        terminalQuestions.attach(hold);
        mcp.trust.attach(askLine);
      },
    });
    await session.dispose();
    return 0;
  }
  requirePricesForBudget(args.maxBudgetUsd, config.settings.model, session.limits);
  const controller = new AbortController();
  cancelOnSignals(controller);
  const limits = new RunLimits(args, controller, { model: config.settings.model, prices: session.limits?.prices });
  limits.start();
  if (args.prompt !== undefined) {
    const typed = await expandMcpPromptCommand(args.prompt, mcp, controller.signal);
    const expanded = typeof typed === 'string' ? await oneShotPrompt(session, typed, controller.signal) : typed;
    // Only a prompt as typed names resources: a command's expansion is not searched for mentions.
    const prompt = typeof expanded === 'string' && expanded === args.prompt ? await withTypedResources(expanded, expanded, startingResourceReader(mcp), (line) => writeErr(`${line}\n`), controller.signal) : expanded;
    const asked = await contentWithImages(prompt, args.images).catch((error: unknown) => {
      throw error instanceof ImageFileError ? new UsageError(error.message) : error;
    });
    const content = answerSchema === undefined ? asked : promptForSchema(asked, answerSchema);
    const recorder = new RunRecorder(record.id, session.usageTotals);
    if (args.json) writeOut(streamLine(sessionStartEvent(recorder.sessionId, root, config, record.resumed)));
    const emit = limits.watch((event: AgentEvent): void => {
      recorder.observe(event);
      renderer.handle(event);
    });
    const first = await session.send(content, emit, controller.signal);
    const { outcome, check } = answerSchema === undefined ? { outcome: first } : await answerMatchingSchema(session, first, answerSchema, emit, controller.signal);
    limits.finish();
    for (const file of changedFiles.list()) recorder.noteChangedFile(file);
    const { limit, message } = limits.endingOf(outcome);
    const result = resultWithCheck(recorder.result(outcome, session.usageTotals, limit, message), check);
    if (args.json) writeOut(streamLine(result));
    else if (answerSchema !== undefined) printCheckedAnswer(result, writeOut, writeErr);
    await session.dispose();
    return result.exitCode;
  }
  const succeeded = await runPipedPrompts(session, process.stdin, { handle: limits.watch((event) => renderer.handle(event)) }, controller.signal);
  limits.finish();
  const unannounced = limits.unannounced();
  if (unannounced !== undefined) writeErr(`${unannounced}\n`);
  await session.dispose();
  if (limits.hit !== undefined) return exitCodeOf[limits.hit];
  return controller.signal.aborted ? exitCodeOf.cancelled : succeeded ? 0 : 1;
}

function version(): string {
  return typeof ELBOW_VERSION === 'string' ? ELBOW_VERSION : 'dev';
}

function workspaceRoot(cwd: string | undefined): string {
  const root = path.resolve(cwd ?? process.cwd());
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) throw new UsageError(`--cwd: no such folder: ${root}`);
  return fs.realpathSync(root);
}

function print(text: string, code: number): number {
  process.stdout.write(text);
  return code;
}

routeLibraryConsole(console, (text) => void process.stderr.write(text));
main(process.argv.slice(2)).then(
  (code) => exitAfterFlush(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`elbow: ${printable(message)}\n`);
    if (error instanceof UsageError) process.stderr.write('Run elbow --help for usage.\n');
    exitAfterFlush(2);
  },
);

/** Exits once pending output is written: idle keep-alive connections must not hold the process open. */
function exitAfterFlush(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}
