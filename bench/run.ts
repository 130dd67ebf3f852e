/** Runs every benchmark one after the other (2 cores: never in parallel) and prints their figures. */
import { benchAuthThroughput } from './auth-throughput.ts';
import { benchInitialJs } from './initial-js.ts';
import { benchList } from './list.ts';

const only = process.argv[2];
if (!only || only === 'bundle') await benchInitialJs();
if (!only || only === 'auth') await benchAuthThroughput();
if (!only || only === 'list') await benchList();
