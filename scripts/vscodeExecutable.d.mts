export const instead: string;
export function vscodeExecutable(environment: Record<string, string | undefined>, download: () => Promise<string>): Promise<string>;
