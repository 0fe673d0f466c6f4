// The MJPEG process camera against a real child process writing concatenated JPEGs (what
// rpicam-vid and ffmpeg write); V4L2 and the Pi camera only on a machine that has them.
import { describe, it } from 'vitest';
import { MjpegProcessCamera } from '../../src/adapters/camera/mjpeg-process-camera.js';
import { rpicamCamera } from '../../src/adapters/camera/rpicam-camera.js';
import { v4l2Camera } from '../../src/adapters/camera/v4l2-camera.js';
import { commandExists, mjpegWriter } from '../support/mjpeg-writer.js';
import { describeCameraPortContract } from './camera-port.contract.js';

describeCameraPortContract('MJPEG process camera reading a child process', async () => {
  const writer = await mjpegWriter();
  const camera = new MjpegProcessCamera({
    command: writer.command,
    args: writer.args,
    installHint: 'node is the test camera',
    timeoutMs: 5000,
  });
  return {
    camera,
    now: () => performance.now(),
    realTime: true,
    producerStopped: () => !writer.alive(),
    async stalled() {
      const silent = await mjpegWriter({ silent: true });
      const stalled = new MjpegProcessCamera({
        command: silent.command,
        args: silent.args,
        installHint: 'node is the test camera',
      });
      return {
        camera: stalled,
        async teardown() {
          await stalled.close();
          silent.remove();
        },
      };
    },
    async teardown() {
      await camera.close();
      writer.remove();
    },
  };
});

// Hardware: set BENCHHAND_TEST_CAMERA to a V4L2 device (e.g. /dev/video0) to run the contract on
// it through ffmpeg; set BENCHHAND_TEST_RPICAM=1 on a Pi with a camera module for rpicam-vid.
const v4l2Device = process.env.BENCHHAND_TEST_CAMERA;
if (v4l2Device && commandExists('ffmpeg')) {
  describeCameraPortContract(`V4L2 camera ${v4l2Device} through ffmpeg`, async () => {
    const camera = v4l2Camera({ device: v4l2Device, width: 640, height: 480 });
    return { camera, now: () => performance.now(), realTime: true, teardown: () => camera.close() };
  });
} else {
  describe.skip(`CameraPort contract: V4L2 camera (set BENCHHAND_TEST_CAMERA=/dev/video0 on a machine with a camera and ffmpeg)`, () => {
    it('skipped', () => {});
  });
}
if (process.env.BENCHHAND_TEST_RPICAM === '1' && commandExists('rpicam-vid')) {
  describeCameraPortContract('Raspberry Pi camera through rpicam-vid', async () => {
    const camera = rpicamCamera({ width: 640, height: 480 });
    return { camera, now: () => performance.now(), realTime: true, teardown: () => camera.close() };
  });
} else {
  describe.skip(`CameraPort contract: Raspberry Pi camera (set BENCHHAND_TEST_RPICAM=1 on a Pi with a camera module and rpicam-apps)`, () => {
    it('skipped', () => {});
  });
}
