import { readFileSync } from 'node:fs';

/**
 * The course player shipped inside every demo SCORM package: a static index.html (rendered from
 * the course spec), a stylesheet and a small dependency-free script that talks to the LMS API
 * (SCORM 1.2 `API` or SCORM 2004 `API_1484_11`). The two are real files beside this one
 * (player/), read as they are when the seeder builds a package.
 */
const read = (name: string) => readFileSync(new URL(`./player/${name}`, import.meta.url), 'utf8');

export const COURSE_CSS = read('course.css');
export const COURSE_JS = read('course.js');
