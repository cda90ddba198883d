// The one declared entry into the web app's source for code outside apps/web (`@canal/web/testing`):
// the benchmarks lay out the portal's PDF summary with the brand's real logo through it, never
// through relative paths into src/ (decision 0069; lint refuses those). No module of the app
// imports it, and it is no entry of the build.
export { brandAssets } from './lib/brand/assets';
export { rasterize } from './lib/brand/raster-logo';
