export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}
export function parseCounts(output: string): TestCounts | undefined;
export function summarize(outputs: Record<string, string | undefined>): string;
/** The `failed test: …` lines the unit reporter printed for each failure. */
export function failedTests(output: string): string[];
