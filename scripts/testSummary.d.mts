export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}
export function parseCounts(output: string): TestCounts | undefined;
export function summarize(outputs: Record<string, string | undefined>): string;
