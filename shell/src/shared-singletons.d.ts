/** Set by tooling/rspack.ts: version and accepted range of each singleton the shell shares with the domain apps. */
declare const __SHARED_SINGLETONS__: Record<string, { singleton: boolean; requiredVersion: string; version: string }>;
