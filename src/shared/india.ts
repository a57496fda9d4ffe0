/**
 * India's 28 states and 8 union territories (since 26 January 2020) with their GST state codes
 * (the first two digits of a GSTIN; invoices will want them). A delivery address picks one.
 */
export const INDIA_STATES = [
  { name: 'Andhra Pradesh', gst: '37' },
  { name: 'Arunachal Pradesh', gst: '12' },
  { name: 'Assam', gst: '18' },
  { name: 'Bihar', gst: '10' },
  { name: 'Chhattisgarh', gst: '22' },
  { name: 'Goa', gst: '30' },
  { name: 'Gujarat', gst: '24' },
  { name: 'Haryana', gst: '06' },
  { name: 'Himachal Pradesh', gst: '02' },
  { name: 'Jharkhand', gst: '20' },
  { name: 'Karnataka', gst: '29' },
  { name: 'Kerala', gst: '32' },
  { name: 'Madhya Pradesh', gst: '23' },
  { name: 'Maharashtra', gst: '27' },
  { name: 'Manipur', gst: '14' },
  { name: 'Meghalaya', gst: '17' },
  { name: 'Mizoram', gst: '15' },
  { name: 'Nagaland', gst: '13' },
  { name: 'Odisha', gst: '21' },
  { name: 'Punjab', gst: '03' },
  { name: 'Rajasthan', gst: '08' },
  { name: 'Sikkim', gst: '11' },
  { name: 'Tamil Nadu', gst: '33' },
  { name: 'Telangana', gst: '36' },
  { name: 'Tripura', gst: '16' },
  { name: 'Uttar Pradesh', gst: '09' },
  { name: 'Uttarakhand', gst: '05' },
  { name: 'West Bengal', gst: '19' },
  // Union territories.
  { name: 'Andaman and Nicobar Islands', gst: '35' },
  { name: 'Chandigarh', gst: '04' },
  { name: 'Dadra and Nagar Haveli and Daman and Diu', gst: '26' },
  { name: 'Delhi', gst: '07' },
  { name: 'Jammu and Kashmir', gst: '01' },
  { name: 'Ladakh', gst: '38' },
  { name: 'Lakshadweep', gst: '31' },
  { name: 'Puducherry', gst: '34' },
] as const;

export type IndiaState = (typeof INDIA_STATES)[number]['name'];

export const INDIA_STATE_NAMES: readonly IndiaState[] = INDIA_STATES.map((s) => s.name);

const byFolded = new Map<string, IndiaState>(INDIA_STATE_NAMES.map((n) => [fold(n), n]));

function fold(s: string) {
  return s.trim().replace(/\s+/g, ' ').toLowerCase().replace(/&/g, 'and');
}

/** The state's own spelling for what was typed or picked ("tamil nadu" → "Tamil Nadu"), or null. */
export function indiaState(typed: string): IndiaState | null {
  return byFolded.get(fold(typed)) ?? null;
}
