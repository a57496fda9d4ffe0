import { describe, expect, it } from 'vitest';
import { loginContract, newPasswordContract, profileContract, resetRequestContract, signupContract } from './accounts.contract.ts';
import { problems } from './contract-kit.ts';

const signup = { firstName: 'Meera', lastName: 'Iyer', email: 'meera@example.com', phone: '9876543210', gender: 'female', password: 'silk&Saree9' };

describe('login (spec §5)', () => {
  it.each([
    [{ email: '', password: '' }, { email: 'Email is required', password: 'Password is required' }],
    [{}, { email: 'Email is required', password: 'Password is required' }],
    [{ email: 'meera', password: 'x' }, { email: 'Please enter a valid email address' }],
    [{ email: 'meera@', password: 'x' }, { email: 'Please enter a valid email address' }],
    [{ email: `${'a'.repeat(250)}@example.com`, password: 'x' }, { email: 'Please enter a valid email address' }],
  ])('%o gives %o', (input, want) => {
    expect(problems(loginContract, input)).toEqual(want);
  });

  it('takes an address as typed, trimmed and lower-cased', () => {
    expect(loginContract.parse({ email: '  Meera@Example.COM ', password: 'x' }).email).toBe('meera@example.com');
  });
});

describe('signup (spec §5)', () => {
  it('accepts a complete sign-up', () => {
    expect(problems(signupContract, signup)).toEqual({});
  });

  it.each([
    ['firstName', '', 'This field is required'],
    ['firstName', '   ', 'This field is required'],
    ['firstName', 'M', 'Must be at least 2 characters'],
    ['firstName', 'Meera2', 'Only letters and spaces are allowed'],
    ['firstName', 'Meera-Iyer', 'Only letters and spaces are allowed'],
    ['firstName', '<script>', 'Only letters and spaces are allowed'],
    ['lastName', 'I', 'Must be at least 2 characters'],
    ['lastName', 'Iyer!', 'Only letters and spaces are allowed'],
    ['email', '', 'Email is required'],
    ['email', 'meera@example', 'Please enter a valid email address'],
    ['phone', '', 'Phone number is required'],
    ['phone', '98765', 'Phone number must be exactly 10 digits'],
    ['phone', '98765432101', 'Phone number must be exactly 10 digits'],
    ['phone', '98765 43210', 'Phone number must be exactly 10 digits'],
    ['phone', '१२३४५६७८९०', 'Phone number must be exactly 10 digits'],
    ['phone', '0123456789', 'Please enter a valid Indian mobile number'],
    ['phone', '5123456789', 'Please enter a valid Indian mobile number'],
    ['gender', 'other', 'Please choose an option'],
    ['password', '', 'Password is required'],
    ['password', 'Ab1@', 'Password must be at least 8 characters'],
    ['password', 'abcdefgh1', 'Password must contain letters, numbers, and at least one symbol (@$!%*?&)'],
    ['password', 'abcdefgh@', 'Password must contain letters, numbers, and at least one symbol (@$!%*?&)'],
    ['password', '12345678@', 'Password must contain letters, numbers, and at least one symbol (@$!%*?&)'],
    ['password', 'abcdefg1#', 'Password must contain letters, numbers, and at least one symbol (@$!%*?&)'],
  ])('%s %j: %s', (field, value, message) => {
    expect(problems(signupContract, { ...signup, [field]: value })).toEqual({ [field]: message });
  });

  it('gives every field its message at once, not only the first', () => {
    expect(Object.keys(problems(signupContract, {}))).toEqual(['firstName', 'email', 'phone', 'gender', 'password']);
  });

  it.each(['मीरा', 'மீரா', 'মীরা', 'Zoë', 'Anand Kumar'])('takes a name in any script: %s', (firstName) => {
    expect(problems(signupContract, { ...signup, firstName })).toEqual({});
  });

  it('leaves out an empty last name and folds white space', () => {
    const parsed = signupContract.parse({ ...signup, firstName: '  Meera   Devi ', lastName: '' });
    expect(parsed.firstName).toBe('Meera Devi');
    expect(parsed.lastName).toBe('');
  });

  it('refuses over-long input plainly', () => {
    expect(problems(signupContract, { ...signup, firstName: 'a'.repeat(51) })).toEqual({ firstName: 'Must be at most 50 characters' });
    expect(problems(signupContract, { ...signup, password: `a1@${'x'.repeat(200)}` })).toEqual({ password: 'Password must be at most 128 characters' });
  });
});

describe('reset (spec §5)', () => {
  it('asks for the address first', () => {
    expect(problems(resetRequestContract, { email: '' })).toEqual({ email: 'Please enter your email to reset password.' });
    expect(problems(resetRequestContract, { email: 'meera@example.com' })).toEqual({});
  });

  it('needs the new password twice, alike', () => {
    expect(problems(newPasswordContract, { password: 'silk&Saree9', confirmPassword: 'silk&Saree8' })).toEqual({ confirmPassword: 'Passwords do not match.' });
    expect(problems(newPasswordContract, { password: 'short', confirmPassword: 'short' })).toEqual({ password: 'Password must be at least 8 characters' });
    expect(problems(newPasswordContract, { password: 'silk&Saree9', confirmPassword: 'silk&Saree9' })).toEqual({});
  });
});

describe('profile (spec §5)', () => {
  const profile = { firstName: 'Meera', lastName: 'Iyer', phone: '9876543210', gender: 'female', addressHouse: '12B', addressLine: 'Temple Street', addressCity: 'Chennai', addressState: 'Tamil Nadu', addressPin: '600004' };

  it('accepts a complete profile, and one with only a first name', () => {
    expect(problems(profileContract, profile)).toEqual({});
    expect(profileContract.parse({ firstName: 'Meera' })).toEqual({
      firstName: 'Meera',
      lastName: null,
      phone: null,
      gender: null,
      addressHouse: null,
      addressLine: null,
      addressCity: null,
      addressState: null,
      addressPin: null,
    });
  });

  it.each([
    ['firstName', 'M', 'Must be at least 2 characters.'],
    ['firstName', '', 'Must be at least 2 characters.'],
    ['lastName', 'Iyer1', 'Only letters and spaces are allowed.'],
    ['phone', '12345', 'Phone must be 10 digits.'],
    ['phone', '1234567890', 'Please enter a valid Indian mobile number'],
    ['addressHouse', '---', 'House/Flat must contain valid characters.'],
    ['addressLine', '.,', 'Address must contain valid characters.'],
    ['addressCity', 'Chennai 4', 'City must contain only letters and spaces.'],
    ['addressState', 'T.N.', 'State must contain only letters and spaces.'],
    ['addressPin', '6000', 'Pin code must be 6 digits.'],
  ])('%s %j: %s', (field, value, message) => {
    expect(problems(profileContract, { ...profile, [field]: value })).toEqual({ [field]: message });
  });

  it('takes an empty optional field as not given', () => {
    expect(profileContract.parse({ ...profile, phone: '', addressPin: '  ' })).toMatchObject({ phone: null, addressPin: null });
  });

  it('has no say over the email or the admin flag', () => {
    const parsed = profileContract.parse({ ...profile, email: 'other@example.com', isAdmin: true }) as Record<string, unknown>;
    expect(parsed).not.toHaveProperty('email');
    expect(parsed).not.toHaveProperty('isAdmin');
  });
});
