import pino from 'pino';
import type { Config } from '../config';

export const cliLogger = (config: Config) => pino({ level: config.logLevel });
