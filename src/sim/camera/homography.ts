// The projective maps now live in the pure vision core (calibration uses them too).
export * from '../../core/vision/homography.js';
