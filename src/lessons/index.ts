export { LessonsArea } from './LessonsArea';
