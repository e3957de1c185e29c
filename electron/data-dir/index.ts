export { DATA_DIR_ENV, defaultDataDir, type DataDirContext } from './default-data-dir';
