import type { ApprovalDecision, ApprovalRequest, Approvals } from '../../src/core/host/approvals';

/** A fake of Elbow's Approvals: records each request and answers with the next scripted decision. */
export class RecordingApprovals implements Approvals {
  readonly requests: ApprovalRequest[] = [];
  private readonly answers: ApprovalDecision[] = [];

  answer(...decisions: ApprovalDecision[]): this {
    this.answers.push(...decisions);
    return this;
  }

  async request(request: ApprovalRequest): Promise<ApprovalDecision> {
    this.requests.push(request);
    const decision = this.answers.shift();
    if (decision === undefined) throw new Error(`RecordingApprovals: no answer queued for ${JSON.stringify(request)}`);
    return decision;
  }
}
