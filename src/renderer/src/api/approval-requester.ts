/**
 * A manager's approval for one refused call: the dialog that asks for it registers here, and the bridge
 * asks it when main refuses a call a manager could allow. Resolves with the grant, or null when the
 * cashier gives up.
 */
export type ApprovalRequester = (channel: string, request: unknown, permission: string) => Promise<string | null>;

let requester: ApprovalRequester | undefined;

export function setApprovalRequester(next: ApprovalRequester | undefined): void {
  requester = next;
}

export function approvalRequester(): ApprovalRequester | undefined {
  return requester;
}
