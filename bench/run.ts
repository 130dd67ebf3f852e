/** Runs every benchmark one after the other (2 cores: never in parallel) and prints their figures. */
import { benchAroundBooking } from './around-booking.ts';
import { benchAudit } from './audit.ts';
import { benchAuthThroughput } from './auth-throughput.ts';
import { benchBackup } from './backup.ts';
import { benchBooking } from './booking.ts';
import { benchCheckInPaint } from './check-in-paint.ts';
import { benchEventLoop } from './event-loop.ts';
import { benchFinance } from './finance.ts';
import { benchFirstPaint } from './first-paint.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchList } from './list.ts';
import { benchPageWeight } from './page-weight.ts';
import { benchReleases } from './releases.ts';

const only = process.argv[2];
if (!only || only === 'weight') await benchPageWeight();
// 'paint' alone measures /login's first paint without the page weights.
if (!only || only === 'weight' || only === 'paint') await benchFirstPaint();
if (!only || only === 'check-in') await benchCheckInPaint();
if (!only || only === 'auth') await benchAuthThroughput();
if (!only || only === 'list') await benchList();
if (!only || only === 'booking') await benchBooking();
if (!only || only === 'finance') await benchFinance();
if (!only || only === 'releases') await benchReleases();
if (!only || only === 'event-loop') await benchEventLoop();
if (!only || only === 'around-booking') await benchAroundBooking();
if (!only || only === 'audit') await benchAudit();
if (!only || only === 'backup') await benchBackup();
// Only when asked: Lighthouse is installed outside the project (lighthouse.ts).
if (only === 'lighthouse') await benchLighthouse();
