import type { HttpClient, ListReply } from '@core'
import type {
  ClaimApproveRequest,
  InquiryCreditRequest,
  PayoutApproveRequest,
  QueueDecisionReply,
  ReviewClaim,
  ReviewInquiry,
  ReviewPayout,
  ReviewProtectionClaim,
} from './contract'

/** The staff queues' calls (server/routes/staff/queues.ts); the staff cookie goes with them (same origin). */
export function queuesApi(http: HttpClient) {
  const decide = (path: string, body: object = {}) =>
    http.post<QueueDecisionReply>(`/api/staff/${path}`, body)
  return {
    payouts: () => http.get<ListReply<ReviewPayout>>('/api/staff/payouts'),
    approvePayout: (id: number, body: PayoutApproveRequest) => decide(`payouts/${id}/approve`, body),
    rejectPayout: (id: number, reason: string) => decide(`payouts/${id}/reject`, { reason }),
    claims: () => http.get<ListReply<ReviewClaim>>('/api/staff/claims'),
    /** The receipt's address: an image shows in an <img>, a PDF opens in a tab (the cookie goes with both). */
    receiptUrl: (id: number) => `/api/staff/claims/${id}/receipt`,
    /** A PDF receipt's bytes, shown in a frame of its own (a blob: the API's replies may not be framed). */
    async receipt(id: number): Promise<Blob> {
      const r = await http.request<Blob>({
        method: 'get',
        url: `/api/staff/claims/${id}/receipt`,
        responseType: 'blob',
      })
      return r.data
    },
    approveClaim: (id: number, body: ClaimApproveRequest) => decide(`claims/${id}/approve`, body),
    rejectClaim: (id: number, reason: string) => decide(`claims/${id}/reject`, { reason }),
    inquiries: () => http.get<ListReply<ReviewInquiry>>('/api/staff/inquiries'),
    matchInquiry: (id: number, conversionId: number) =>
      decide(`inquiries/${id}/match`, { conversion_id: conversionId }),
    creditInquiry: (id: number, body: InquiryCreditRequest) => decide(`inquiries/${id}/credit`, body),
    declineInquiry: (id: number, reason: string) => decide(`inquiries/${id}/decline`, { reason }),
    protection: () => http.get<ListReply<ReviewProtectionClaim>>('/api/staff/protection'),
    approveProtection: (id: number) => decide(`protection/${id}/approve`),
    declineProtection: (id: number, reason: string) => decide(`protection/${id}/decline`, { reason }),
  }
}
export type QueuesApi = ReturnType<typeof queuesApi>
