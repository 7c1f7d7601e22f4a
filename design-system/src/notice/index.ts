export { Notice } from './notice';
export type { NoticeProps, NoticeTone } from './notice';
