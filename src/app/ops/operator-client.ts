// What `benchhand ops` gets to reach the broker (the command line builds no adapter itself): the
// operator's connection from the MQTT adapter, and the client's type for the commands that use it.
export {
  connectToBroker,
  disconnect,
  type ConnectionSettings,
  type MqttClient,
} from '../../adapters/mqtt/operator-client.js';
