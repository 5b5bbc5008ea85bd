import type * as vscode from 'vscode';

/** The scope Azure OpenAI's Entra ID tokens are issued for. */
export const cognitiveServicesScope = 'https://cognitiveservices.azure.com/.default';

/**
 * Microsoft Entra ID tokens for Azure OpenAI from VS Code's own `microsoft` sign-in, asked for before
 * each request: VS Code keeps the session and refreshes its token; the first request asks the user to sign in.
 */
export function entraTokenProvider(authentication: Pick<typeof vscode.authentication, 'getSession'>): () => Promise<string> {
  return async () => {
    const session = await authentication.getSession('microsoft', [cognitiveServicesScope], { createIfNone: true });
    return session.accessToken;
  };
}
