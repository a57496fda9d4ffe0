/**
 * The Razorpay entities our client reads (reference/razorpay.md §1–2), typed as Razorpay sends them:
 * snake_case, amounts in paise, and `notes` an empty ARRAY when there are none (pitfall 12).
 */
export type RazorpayNotes = Record<string, string> | [];

export interface RazorpayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: RazorpayNotes;
  created_at: number;
}

export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string | null;
  method: string;
  captured: boolean;
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  email?: string | null;
  contact?: string | null;
  vpa?: string | null;
  notes: RazorpayNotes;
  error_code: string | null;
  error_description: string | null;
  error_source?: string | null;
  error_step?: string | null;
  error_reason?: string | null;
  created_at: number;
}

export interface RazorpayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  status: 'pending' | 'processed' | 'failed';
  speed_requested?: string;
  speed_processed?: string;
  notes: RazorpayNotes;
  created_at: number;
}
