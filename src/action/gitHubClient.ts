import type { getOctokit } from '@actions/github';

/** The toolkit's REST client, made with the workflow's token. */
export type GitHubClient = ReturnType<typeof getOctokit>;
