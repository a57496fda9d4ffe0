import { describe, expect, it } from 'vitest';
import { addressContract, INDIA_ONLY, profileAddress, STATE_NOT_LISTED } from './address.contract.ts';
import {
  ADDRESS_MAX,
  DEFAULT_COUNTRY,
  isPlaceholderAddress,
  isPlaceholderName,
  isPlaceholderPhone,
  MAX_ADDRESSES,
  PLACEHOLDER_NAMES,
  PLACEHOLDER_PHONES,
  type ProfileAddressSource,
} from './addresses.ts';
import { indiaState, INDIA_STATE_NAMES } from './india.ts';
import { MEERA_HOME, problems } from './contract-kit.ts';

const home = MEERA_HOME;

describe('a delivery address (spec §5)', () => {
  it('accepts a complete address, India by default', () => {
    expect(addressContract.parse(home)).toEqual({ ...home, country: 'India' });
    expect(DEFAULT_COUNTRY).toBe('India');
  });

  it('names every missing field in the spec’s words', () => {
    const want = {
      name: 'Name must be at least 2 characters.',
      phone: 'Phone must be 10 digits.',
      house: 'House/Flat is required.',
      street: 'Street/Address is required.',
      city: 'City is required.',
      state: 'State is required.',
      pincode: 'Pincode must be 6 digits.',
    };
    expect(problems(addressContract, {})).toEqual(want);
    const blank = { name: '', phone: '', house: '', street: '', city: '', state: '', pincode: '', country: '' };
    expect(problems(addressContract, blank)).toEqual({ ...want, country: 'Country is required.' });
    const spaces = Object.fromEntries(Object.keys(blank).map((k) => [k, ' \t\n ']));
    expect(problems(addressContract, spaces)).toEqual({ ...want, country: 'Country is required.' });
    const nulls = Object.fromEntries(Object.keys(blank).map((k) => [k, null]));
    expect(problems(addressContract, nulls)).toEqual({ ...want, country: 'Country is required.' });
  });

  it.each([
    // name: at least 2 characters, letters and spaces only (spec §5 Address).
    ['name', 'M', 'Name must be at least 2 characters.'],
    ['name', ' M ', 'Name must be at least 2 characters.'],
    ['name', 'Meera2', 'Name must contain only letters and spaces.'],
    ['name', 'Meera.', 'Name must contain only letters and spaces.'],
    ['name', '12', 'Name must contain only letters and spaces.'],
    ['name', 'M'.repeat(ADDRESS_MAX.name + 1), 'Name must be at most 60 characters.'],
    ['name', 7, 'Name must be at least 2 characters.'],
    // phone: exactly 10 digits; and (design.md) an Indian mobile number.
    ['phone', '987654321', 'Phone must be 10 digits.'],
    ['phone', '98765432101', 'Phone must be 10 digits.'],
    ['phone', '98765-43210', 'Phone must be 10 digits.'],
    ['phone', '+919876543210', 'Phone must be 10 digits.'],
    ['phone', '９８７６５４３２１０', 'Phone must be 10 digits.'],
    ['phone', 9876543210, 'Phone must be 10 digits.'],
    ['phone', '0876543210', 'Please enter a valid Indian mobile number'],
    ['phone', '5876543210', 'Please enter a valid Indian mobile number'],
    // house and street: required, a letter or digit somewhere.
    ['house', '---', 'House/Flat must contain valid characters.'],
    ['house', '#', 'House/Flat must contain valid characters.'],
    ['house', '1'.repeat(ADDRESS_MAX.line + 1), 'House/Flat must be at most 120 characters.'],
    ['street', '/ , .', 'Street/Address must contain valid characters.'],
    ['street', 'x'.repeat(ADDRESS_MAX.line + 1), 'Street/Address must be at most 120 characters.'],
    // city, state, country: required, letters and spaces only, at least 2 characters.
    ['city', 'C', 'City must be at least 2 characters.'],
    ['city', 'Chennai-600', 'City must contain only letters and spaces.'],
    ['city', 'C'.repeat(ADDRESS_MAX.city + 1), 'City must be at most 60 characters.'],
    ['state', 'T', 'State must be at least 2 characters.'],
    ['state', 'Tamil Nadu 1', 'State must contain only letters and spaces.'],
    ['state', 'Tamilnadu', STATE_NOT_LISTED],
    ['state', 'California', STATE_NOT_LISTED],
    ['state', 'S'.repeat(61), 'State must be at most 60 characters.'],
    ['country', 'I', 'Country must be at least 2 characters.'],
    ['country', 'India!', 'Country must contain only letters and spaces.'],
    ['country', 'Sri Lanka', INDIA_ONLY],
    ['country', 'Bharat Ganarajya', INDIA_ONLY],
    ['country', 'I'.repeat(61), 'Country must be at most 60 characters.'],
    // pincode: exactly 6 digits; and no PIN starts with 0.
    ['pincode', '60008', 'Pincode must be 6 digits.'],
    ['pincode', '6000866', 'Pincode must be 6 digits.'],
    ['pincode', '600 086', 'Pincode must be 6 digits.'],
    ['pincode', 'abcdef', 'Pincode must be 6 digits.'],
    ['pincode', 600086, 'Pincode must be 6 digits.'],
    ['pincode', '060086', 'Please enter a valid pincode.'],
  ])('refuses the %s %j with “%s”', (field, value, message) => {
    expect(problems(addressContract, { ...home, [field]: value })).toEqual({ [field]: message });
  });

  it('keeps the spec’s messages word for word', () => {
    expect(STATE_NOT_LISTED).toBe('Please choose a state or union territory of India.');
    expect(INDIA_ONLY).toBe('We deliver within India only.');
    expect(MAX_ADDRESSES).toBe(20);
  });

  it('tidies every field before its rules: trimmed, inner runs of white space folded', () => {
    const parsed = addressContract.parse({
      name: '  Meera \t  Iyer  ',
      phone: ' 9876543210\n',
      house: '  Flat  4B,   Lotus ',
      street: ' 12   Cathedral\tRoad ',
      city: ' Navi   Mumbai ',
      state: ' Maharashtra ',
      pincode: ' 400703 ',
      country: '  India  ',
    });
    expect(parsed).toEqual({
      name: 'Meera Iyer',
      phone: '9876543210',
      house: 'Flat 4B, Lotus',
      street: '12 Cathedral Road',
      city: 'Navi Mumbai',
      state: 'Maharashtra',
      pincode: '400703',
      country: 'India',
    });
    // Two letters once tidied: a name of one letter padded with spaces is still too short.
    expect(problems(addressContract, { ...home, name: '  M  ' })).toEqual({ name: 'Name must be at least 2 characters.' });
  });

  it.each([
    ['tamil nadu', 'Tamil Nadu'],
    ['TAMIL NADU', 'Tamil Nadu'],
    ['  tamil    nadu ', 'Tamil Nadu'],
    ['west bengal', 'West Bengal'],
    ['delhi', 'Delhi'],
    ['jammu and kashmir', 'Jammu and Kashmir'],
    ['dadra and nagar haveli and daman and diu', 'Dadra and Nagar Haveli and Daman and Diu'],
  ])('gives the state its own spelling: %s → %s', (typed, state) => {
    expect(addressContract.parse({ ...home, state: typed }).state).toBe(state);
  });

  it('knows all 28 states and 8 union territories, and takes each as its own spelling', () => {
    expect(INDIA_STATE_NAMES).toHaveLength(36);
    for (const state of INDIA_STATE_NAMES) {
      expect(addressContract.parse({ ...home, state }).state).toBe(state);
      expect(indiaState(state.toUpperCase())).toBe(state);
    }
    expect(indiaState('Atlantis')).toBeNull();
    expect(indiaState('')).toBeNull();
  });

  it('spells the country India however it was typed', () => {
    for (const country of ['India', 'india', ' INDIA ', undefined]) {
      expect(addressContract.parse({ ...home, country }).country).toBe('India');
    }
  });

  it.each(['मीरा अय्यर', 'மீனா சுப்ரமணியம்', 'অনন্যা সেন', 'Zoë Pereira', 'Ananya'])('takes a name in any script: %s', (name) => {
    expect(addressContract.parse({ ...home, name }).name).toBe(name);
  });

  it('counts characters as a person does, at the limits', () => {
    // 60 letters of Devanagari: one character each, two bytes each in UTF-16.
    const devanagari = 'क'.repeat(ADDRESS_MAX.name);
    expect(addressContract.parse({ ...home, name: devanagari }).name).toBe(devanagari);
    expect(problems(addressContract, { ...home, name: `${devanagari}क` })).toEqual({ name: 'Name must be at most 60 characters.' });
    // An emoji is one character (two UTF-16 units): 1 digit and 119 of them is 120.
    const house = `1${'🏠'.repeat(ADDRESS_MAX.line - 1)}`;
    expect(addressContract.parse({ ...home, house }).house).toBe(house);
    expect(problems(addressContract, { ...home, house: `${house}🏠` })).toEqual({ house: 'House/Flat must be at most 120 characters.' });
    expect(addressContract.parse({ ...home, city: 'C'.repeat(60), street: 'S'.repeat(120) })).toMatchObject({ city: 'C'.repeat(60) });
  });

  it('drops fields it does not know', () => {
    const parsed = addressContract.parse({ ...home, id: 'x', userId: 'someone', createdAt: 'now' });
    expect(Object.keys(parsed).sort()).toEqual(['city', 'country', 'house', 'name', 'phone', 'pincode', 'state', 'street']);
  });

  it('refuses what is not an object', () => {
    for (const input of [null, [], 'address', 42]) expect(addressContract.safeParse(input).success).toBe(false);
  });
});

describe('placeholder values (design.md: a documented list)', () => {
  it('knows the sample names, however spaced or cased', () => {
    for (const name of PLACEHOLDER_NAMES) {
      expect(isPlaceholderName(name)).toBe(true);
      expect(isPlaceholderName(`  ${name.toUpperCase().replace(' ', '   ')} `)).toBe(true);
    }
    expect(isPlaceholderName('Your Name')).toBe(true);
    expect(isPlaceholderName('Meera Iyer')).toBe(false);
    expect(isPlaceholderName('Yourname')).toBe(false);
    expect(isPlaceholderName('')).toBe(false);
    expect(isPlaceholderName(null)).toBe(false);
    expect(isPlaceholderName(undefined)).toBe(false);
  });

  it('knows the sample phones', () => {
    for (const phone of PLACEHOLDER_PHONES) expect(isPlaceholderPhone(phone)).toBe(true);
    expect(isPlaceholderPhone(' 9999999999 ')).toBe(true);
    expect(PLACEHOLDER_PHONES).toEqual(expect.arrayContaining(['0000000000', '1234567890', '9999999999']));
    expect(isPlaceholderPhone('9876543210')).toBe(false);
    expect(isPlaceholderPhone(null)).toBe(false);
  });

  it('flags an address with a placeholder name or phone, which the book still accepts', () => {
    expect(isPlaceholderAddress(home)).toBe(false);
    expect(isPlaceholderAddress({ ...home, name: 'Your Name' })).toBe(true);
    expect(isPlaceholderAddress({ ...home, phone: '9999999999' })).toBe(true);
    // The form takes them (they are letters and a mobile number); the checkout refuses to pay with them.
    expect(addressContract.safeParse({ ...home, name: 'Your Name', phone: '9999999999' }).success).toBe(true);
  });
});

describe('the address a profile offers (spec §5 Profile-derived address)', () => {
  const profile: ProfileAddressSource = {
    firstName: 'Meera',
    lastName: 'Iyer',
    phone: '9876543210',
    addressHouse: 'Flat 4B, Lotus Apartments',
    addressLine: '12 Cathedral Road',
    addressCity: 'Chennai',
    addressState: 'tamil nadu',
    addressPin: '600086',
  };

  it('is offered when every field is filled, with the state spelt as India’s list spells it', () => {
    expect(profileAddress(profile)).toEqual({ ...home, country: 'India' });
  });

  it('takes the first name alone when there is no last name', () => {
    expect(profileAddress({ ...profile, lastName: null })?.name).toBe('Meera');
    expect(profileAddress({ ...profile, lastName: '' })?.name).toBe('Meera');
  });

  it('is not offered without a name', () => {
    expect(profileAddress({ ...profile, firstName: null, lastName: null })).toBeNull();
    expect(profileAddress({ ...profile, firstName: '', lastName: '' })).toBeNull();
  });

  it.each(['phone', 'addressHouse', 'addressLine', 'addressCity', 'addressState', 'addressPin'] as const)(
    'is not offered without %s',
    (field) => {
      expect(profileAddress({ ...profile, [field]: null })).toBeNull();
      expect(profileAddress({ ...profile, [field]: '' })).toBeNull();
    },
  );

  it('is not offered with a placeholder name or phone, or a state India does not have', () => {
    expect(profileAddress({ ...profile, firstName: 'Test', lastName: null })).toBeNull();
    expect(profileAddress({ ...profile, firstName: 'Your', lastName: 'Name' })).toBeNull();
    expect(profileAddress({ ...profile, firstName: 'Customer' })).toBeNull();
    expect(profileAddress({ ...profile, phone: '1234567890' })).toBeNull();
    expect(profileAddress({ ...profile, addressState: 'Atlantis' })).toBeNull();
    // The profile's rules are looser than the book's: an address the book would refuse is never offered.
    expect(profileAddress({ ...profile, addressCity: 'C' })).toBeNull();
    expect(profileAddress({ ...profile, addressPin: '012345' })).toBeNull();
  });

});
