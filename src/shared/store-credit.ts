/** Store credit as its shopper sees it (issue 49): money to spend at checkout, each grant with its end. */
export interface StoreCredit {
  /** Paise left to spend now, every live grant together. */
  balance: number;
  grants: { amount: number; remaining: number; grantedAt: string; expiresAt: string }[];
}
