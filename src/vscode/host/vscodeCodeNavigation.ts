import * as vscode from 'vscode';
import type { CodeNavigation, NamedSymbol, OutlineSymbol, SourceLocation, SourcePosition } from '../../core/host/codeNavigation';
import { waitForAnswer } from './languageServerWait';

type LocationResult = vscode.Location | vscode.LocationLink;
type SymbolResult = vscode.DocumentSymbol | vscode.SymbolInformation;

/** Code navigation through VS Code's own providers (`vscode.execute…Provider`), answered by the language servers of the user's extensions. */
export class VscodeCodeNavigation implements CodeNavigation {
  /** Languages that gave nothing after a full wait: later calls do not wait again (plain text never has a server). */
  private readonly silentLanguages = new Set<string>();
  /** Languages whose server has answered with locations beyond the asked file, or been waited for once. */
  private readonly warmLanguages = new Set<string>();

  async definitions(path: string, position: SourcePosition, signal: AbortSignal): Promise<SourceLocation[] | undefined> {
    const found = await this.ask<LocationResult[]>(path, signal, (uri) => vscode.commands.executeCommand('vscode.executeDefinitionProvider', uri, toPosition(position)), true);
    return found?.map(toLocation);
  }

  async references(path: string, position: SourcePosition, signal: AbortSignal): Promise<SourceLocation[] | undefined> {
    const found = await this.ask<vscode.Location[]>(path, signal, (uri) => vscode.commands.executeCommand('vscode.executeReferenceProvider', uri, toPosition(position)), true);
    return found?.map(toLocation);
  }

  async hover(path: string, position: SourcePosition, signal: AbortSignal): Promise<string[] | undefined> {
    const found = await this.ask<vscode.Hover[]>(path, signal, (uri) => vscode.commands.executeCommand('vscode.executeHoverProvider', uri, toPosition(position)));
    return found?.flatMap((hover) => hover.contents.map(hoverText)).filter((text) => text.trim() !== '');
  }

  async documentSymbols(path: string, signal: AbortSignal): Promise<OutlineSymbol[] | undefined> {
    const found = await this.ask<SymbolResult[]>(path, signal, (uri) => vscode.commands.executeCommand('vscode.executeDocumentSymbolProvider', uri));
    return found?.map(toOutlineSymbol);
  }

  async workspaceSymbols(query: string, signal: AbortSignal): Promise<NamedSymbol[] | undefined> {
    const found = await waitForAnswer(async () => (await vscode.commands.executeCommand<vscode.SymbolInformation[] | undefined>('vscode.executeWorkspaceSymbolProvider', query)) ?? [], signal, { askOnce: false });
    return found?.filter((symbol) => symbol.location.uri.scheme === 'file').map((symbol) => ({
      name: symbol.name,
      kind: kindName(symbol.kind),
      container: symbol.containerName || undefined,
      location: toLocation(symbol.location),
    }));
  }

  /**
   * Opens the document (not shown) so its language server knows it, then asks; an empty answer is asked
   * again for a while, since a language server may still be starting. For the first locations asked in a
   * language, an answer only inside the same file is asked again too: a server still loading its project
   * (TypeScript's) answers from the one file meanwhile, e.g. with the import for a definition.
   */
  private async ask<Result extends unknown[]>(path: string, signal: AbortSignal, request: (uri: vscode.Uri) => Thenable<Result | undefined>, locations = false): Promise<Result | undefined> {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(path));
    const language = document.languageId;
    const silent = this.silentLanguages.has(language) || language === 'plaintext';
    const warmingUp = locations && !this.warmLanguages.has(language);
    const isComplete = warmingUp ? (answer: Result) => (answer as LocationResult[]).some((location) => uriOf(location).toString() !== document.uri.toString()) : undefined;
    const found = await waitForAnswer(async () => (await request(document.uri)) ?? ([] as unknown[] as Result), signal, { askOnce: silent, isComplete });
    if (found === undefined && !silent) this.silentLanguages.add(language);
    if (found !== undefined) this.silentLanguages.delete(language);
    if (warmingUp && found !== undefined) this.warmLanguages.add(language);
    return found;
  }
}

function toPosition(position: SourcePosition): vscode.Position {
  return new vscode.Position(position.line, position.character);
}

function uriOf(location: LocationResult): vscode.Uri {
  return 'targetUri' in location ? location.targetUri : location.uri;
}

function toLocation(location: LocationResult): SourceLocation {
  const uri = uriOf(location);
  const range = 'targetUri' in location ? (location.targetSelectionRange ?? location.targetRange) : location.range;
  return {
    path: uri.scheme === 'file' ? uri.fsPath : uri.toString(),
    start: { line: range.start.line, character: range.start.character },
    end: { line: range.end.line, character: range.end.character },
  };
}

function toOutlineSymbol(symbol: SymbolResult): OutlineSymbol {
  if ('children' in symbol) {
    return {
      name: symbol.name,
      kind: kindName(symbol.kind),
      detail: symbol.detail || undefined,
      start: { line: symbol.selectionRange.start.line, character: symbol.selectionRange.start.character },
      children: symbol.children.map(toOutlineSymbol),
    };
  }
  const start = symbol.location.range.start;
  return { name: symbol.name, kind: kindName(symbol.kind), start: { line: start.line, character: start.character }, children: [] };
}

function kindName(kind: vscode.SymbolKind): string {
  return (vscode.SymbolKind[kind] ?? 'symbol').toLowerCase();
}

function hoverText(content: vscode.MarkdownString | vscode.MarkedString): string {
  if (typeof content === 'string') return content;
  if (content instanceof vscode.MarkdownString) return content.value;
  return `\`\`\`${content.language}\n${content.value}\n\`\`\``;
}
