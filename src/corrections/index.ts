export * from './signature';
export * from './rules';
export * from './stage';
export * from './labelled-data';
export * from './session';
