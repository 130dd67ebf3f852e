import { api, download } from 'shared-api';

/** POST /auth/accept-terms (spec 002 §7). */
export const acceptTerms = () => api.post('/auth/accept-terms', { privacy_policy: true, regulations: true });

export const downloadPrivacyPolicy = () => download('/pdf/privacy-policy', 'informativa_privacy');
export const downloadRegulations = () => download('/pdf/regulations', 'regolamento');
