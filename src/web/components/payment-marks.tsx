/** Small drawn marks of the ways to pay (no brand artwork is shipped): what shoppers look for in a footer. */
const MARKS = [
  { label: 'UPI', className: 'text-[#097939]' },
  { label: 'RuPay', className: 'text-[#1b3f8b]' },
  { label: 'VISA', className: 'italic text-[#1a1f71]' },
  { label: 'Mastercard', className: 'text-[#eb001b]' },
  { label: 'Net Banking', className: 'text-ink' },
];

export function PaymentMarks() {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Ways to pay">
      {MARKS.map((m) => (
        <li key={m.label} className={`rounded border border-line bg-white px-2 py-1 text-xs font-bold tracking-wide ${m.className}`}>
          {m.label}
        </li>
      ))}
    </ul>
  );
}
