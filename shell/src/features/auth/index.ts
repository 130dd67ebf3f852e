export { LoginPage } from './LoginPage';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { SetPasswordPage } from './SetPasswordPage';
export { CompleteRegistrationPage } from './CompleteRegistrationPage';
export { useSessionBootstrap, useTermsError, TERMS_ERROR } from './session';
export { useLogout } from './use-logout';
export { meQuery, PERMISSIONS_ERROR } from './api';
