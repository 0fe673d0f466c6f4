// The one place an MQTT client is made (the bench, the fleet link, `benchhand ops`, the doctor's
// broker check): always MQTT 5, the only version that tells a publisher it was refused. The
// package's types are handed on from here, so nothing else imports mqtt.
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';

export type { IClientOptions, IPublishPacket, MqttClient } from 'mqtt';

/** A client that starts connecting at once (unless `manualConnect`); its events say how it goes. */
export function createMqttClient(url: string, options: IClientOptions): MqttClient {
  return mqtt.connect(url, { ...options, protocolVersion: 5 });
}

/** A client once the broker accepted it; rejects with the broker's refusal or the network's error. */
export function connectMqttClient(url: string, options: IClientOptions): Promise<MqttClient> {
  return mqtt.connectAsync(url, { ...options, protocolVersion: 5 });
}
