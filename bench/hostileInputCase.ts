import * as AnthropicSdk from '@anthropic-ai/sdk';
import * as OpenAISdk from 'openai';
import type { ToolSpec } from '../src/core/llm/provider';
import { classifyError } from '../src/core/llm/providers/classifyError';
import { durationMs, limitResetWait, retryAfterFrom } from '../src/core/llm/providers/retryAfter';
import { trailingToolCalls } from '../src/core/llm/textToolCalls/trailingToolCalls';
import { GitignoreRules } from '../src/core/search/gitignoreRules';
import { compileGlob } from '../src/core/search/linearGlob';
import { applyPatchTool } from '../src/core/tools/builtin/applyPatch';
import { describeToolCall } from '../src/core/tools/toolCallDescription';
import { measureInterleaved, type MeasureOptions } from './measure';
import type { Row } from './report';

const huge = '1'.repeat(100_000);
const now = Date.parse('2025-01-01T00:00:00Z');
const tools: ToolSpec[] = [{ name: 'read_file', description: '', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }];

/**
 * Inputs a server, a model or a workspace could send to make a parser or a pattern backtrack: each must stay linear.
 * The goals are far above what a linear pass costs and far below what backtracking would.
 */
export async function hostileInputRows(rounds: MeasureOptions): Promise<Row[]> {
  const retryInfo = { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED', details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${huge}s` }] } };
  const markers = '<tool_call><function=<parameter='.repeat(200_000) + '</parameter></function></tool_call>';
  const patchHeader = JSON.stringify({ input: ['*** Begin Patch', `*** Add File: a${' '.repeat(20_000)}b.txt`, '+x', '*** End Patch'].join('\n') });
  const rules = new GitignoreRules({ ignoreCase: true }).add(`a${'/**'.repeat(40)}/b\n${'*a'.repeat(40)}*b\n`);
  const timings = await measureInterleaved({
    duration: { run: async () => { durationMs(huge); } },
    waits: {
      run: async () => {
        classifyError(OpenAISdk.APIError.generate(429, retryInfo, undefined, new Headers()), { outputStarted: false, sdks: [OpenAISdk, AnthropicSdk] });
        limitResetWait(new Headers({ 'x-ratelimit-remaining-requests': '0', 'x-ratelimit-reset-requests': `${huge}ms` }), now);
        retryAfterFrom(new Headers({ 'retry-after': `${huge}x` }), now);
      },
    },
    markers: { run: async () => { trailingToolCalls(markers, tools); } },
    patchHeader: { run: async () => { describeToolCall(applyPatchTool, 'apply_patch', patchHeader); } },
    gitignore: { run: async () => { rules.ignores(`a/${'x/'.repeat(200)}c`); rules.ignores('a'.repeat(250)); } },
    glob: {
      run: async () => {
        compileGlob(`${'*a'.repeat(100)}*b`).matches('a'.repeat(10_000));
        compileGlob(`{${'a,'.repeat(50)}a}*{a,b}*b`, { braces: true }).matches('a'.repeat(1000));
      },
    },
  }, rounds);
  return [
    { label: 'hostile input: a 100,000-digit wait from a server', elbow: timings.duration, goal: { kind: 'under', ms: 500 } },
    { label: 'hostile input: huge RetryInfo, reset and retry-after', elbow: timings.waits, goal: { kind: 'under', ms: 500 } },
    { label: 'hostile input: 200,000 tool-call markers in a reply', elbow: timings.markers, goal: { kind: 'under', ms: 500 } },
    { label: 'hostile input: a patch header of 20,000 spaces', elbow: timings.patchHeader, goal: { kind: 'under', ms: 200 } },
    { label: 'hostile input: .gitignore `a/**…/b`, `*a…*b` on deep paths', elbow: timings.gitignore, goal: { kind: 'under', ms: 1000 } },
    { label: 'hostile input: glob `*a`×100 on 10,000 characters, nested braces', elbow: timings.glob, goal: { kind: 'under', ms: 2000 } },
  ];
}
