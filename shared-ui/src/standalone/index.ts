export { StandaloneHost, type StandaloneHostProps } from './StandaloneHost';
