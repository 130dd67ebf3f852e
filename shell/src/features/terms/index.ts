export { TermsGate } from './TermsGate';
