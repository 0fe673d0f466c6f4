// The projective warp now lives in the pure vision core (rectification uses it too).
export * from '../../core/vision/warp.js';
