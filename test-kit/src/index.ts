export { DEFAULT_TEST_NOW, TEST_START_MS, TestClock, browserClock, clubDate, parseInstant, processClock, testNow } from './clock';
export { type ScratchDatabase, copyOfFolder, createScratchDatabase, templateDatabase, templateFolder } from './databases';
export { type Mail, MailLog, parseMailLine } from './mail';
export { type PortalCopy, copyOfPortal, portalTemplate } from './portal-template';
export {
  Client,
  REPO_ROOT,
  type ServerProcess,
  type ServerProcessOptions,
  type SpawnedServer,
  freePort,
  serverScript,
  spawnServer,
  startServerProcess,
} from './server-process';
