import type { Page } from 'playwright-core';

/** VS Code's default font and size, so that the widths the specs measure are the side bar's. */
export async function setEditorFont(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.documentElement.style.setProperty('--vscode-font-family', 'sans-serif');
    document.documentElement.style.setProperty('--vscode-font-size', '13px');
  });
}
