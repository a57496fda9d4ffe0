import { describe, expect, it } from 'vitest';
import { contactName } from './payouts.ts';

describe('the RazorpayX contact', () => {
  it('names the RazorpayX contact as it allows, or plainly', () => {
    expect(contactName('  Kavya   Raman ')).toBe('Kavya Raman');
    expect(contactName('Renée D’Souza')).toBe('Renee DSouza');
    expect(contactName('काव्या')).toBe('Vastra shopper');
    expect(contactName('Al')).toBe('Vastra shopper');
    expect(contactName('x'.repeat(60))).toHaveLength(50);
  });
});
