/** Which database the current vitest project runs on (set per project in vitest config). */
export const TEST_DATABASE = (process.env.TEST_DATABASE ?? 'sqlite') as 'sqlite' | 'mysql';
export const MYSQL_URL = process.env.MYSQL_URL;
