// Public interface of @canal/shared.
export * from './constants';
export * from './first-load-messages';
export * from './messages';
export * from './rut';
export * from './dates';
export * from './options';
export * from './files';
export * from './color';
export * from './themes';
export * from './organizations';
export * from './sites';
export * from './audit-actions';
export * from './request-documents';
export * from './notice-templates';
export * from './wire';
export * from './model';
export * from './mappers';
export * from './schemas';
export * from './paths';
export { fillPath } from './contract/path';
// The portal builds its requests from the schema-free path table, without the contract's index.
export { buildRequest, type BuiltRequest, type RequestParts } from './contract/client';
export {
  masterDataRoutes,
  portalRoutes,
  PENDING_FILING_HEADER,
  RESUMABLE_UPLOADS_PATH,
  type PortalCall,
} from './contract/routes';
