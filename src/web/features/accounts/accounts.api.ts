/** The accounts endpoints, one function each (the profile's hooks are in profile.api.ts). */
import type { LoginInput, SignupInput } from '../../../shared/accounts.contract.ts';
import { sendJson } from '../../lib/api.ts';

export const logIn = (input: LoginInput) => sendJson<{ signedIn: true }>('POST', '/api/accounts/login', input);

export const signUp = (input: SignupInput) => sendJson<{ signedIn: boolean }>('POST', '/api/accounts/signup', input);

export const requestPasswordReset = (email: string) => sendJson<{ sent: true }>('POST', '/api/accounts/password-reset', { email });

export const resetPassword = (input: { token: string; password: string; confirmPassword: string }) =>
  sendJson<{ reset: true }>('POST', '/api/accounts/password-reset/confirm', input);

export const resendVerificationMail = () => sendJson<{ sent: boolean }>('POST', '/api/accounts/verification-mail');
