export { LoginPage } from './LoginPage';
export { ForgotPasswordPage } from './ForgotPasswordPage';
export { SetPasswordPage } from './SetPasswordPage';
export { CompleteRegistrationPage } from './CompleteRegistrationPage';
export { useSessionBootstrap } from './session';
