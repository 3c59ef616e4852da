export { HeadSwitchList, type HeadSwitchListProps } from './HeadSwitchList';
