// Home Assistant MQTT discovery: the bench as one device with sensors read from the retained state,
// buttons that publish commands, and a camera showing the snapshot. Each entity is one retained
// config message at <prefix>/<component>/<node id>/<object id>/config (single-component discovery,
// understood by every Home Assistant release with MQTT discovery). Pure.
//
// Home Assistant caps a sensor's state at 255 characters, so long text is cut in the template and
// the whole of it is offered as an attribute. Buttons publish at QoS 0 (see reply-policy.ts).
import { commandTopic, type BenchTopics } from '../../core/operator/topics.js';

export interface DiscoveryMessage {
  topic: string;
  payload: string;
}

export interface DiscoveryOptions {
  benchId: string;
  topics: BenchTopics;
  prefix: string;
  softwareVersion: string;
  /** Home Assistant's broker user: its buttons publish on that user's command topic. */
  username: string;
}

type Entity = { component: 'sensor' | 'button' | 'camera'; key: string; config: Record<string, unknown> };

export function homeAssistantDiscovery(options: DiscoveryOptions): DiscoveryMessage[] {
  const { benchId, topics } = options;
  const nodeId = `benchhand_${benchId}`;
  const shared = {
    device: {
      identifiers: [nodeId],
      name: `benchhand ${benchId}`,
      manufacturer: 'benchhand',
      model: 'device agent bench',
      sw_version: options.softwareVersion,
    },
    origin: { name: 'benchhand', sw_version: options.softwareVersion },
    availability_topic: topics.status,
    payload_available: 'online',
    payload_not_available: 'offline',
  };
  const sensor = (key: string, name: string, valueTemplate: string, extra: Record<string, unknown> = {}): Entity => ({
    component: 'sensor',
    key,
    config: { name, state_topic: topics.state, value_template: valueTemplate, ...extra },
  });
  const button = (key: string, name: string, command: string, icon: string): Entity => ({
    component: 'button',
    key,
    config: {
      name,
      command_topic: commandTopic(benchId, options.username),
      payload_press: JSON.stringify({ origin: 'homeassistant', command }),
      qos: 0,
      retain: false,
      icon,
    },
  });
  const entities: Entity[] = [
    sensor('run_status', 'Run status', "{{ value_json.run.status if value_json.run else 'idle' }}", {
      icon: 'mdi:robot-industrial',
    }),
    sensor('step', 'Step', '{{ value_json.run.step if value_json.run else 0 }}', { icon: 'mdi:counter' }),
    sensor(
      'last_action',
      'Last action',
      "{{ ((value_json.lastAction.summary ~ ' (' ~ value_json.lastAction.status ~ ')') if value_json.lastAction else 'none')[:250] }}",
      { icon: 'mdi:gesture-tap' },
    ),
    sensor('screen_text', 'Screen text', "{{ (value_json.lastScreenText or '')[:250] }}", {
      icon: 'mdi:cellphone-text',
      json_attributes_topic: topics.state,
      json_attributes_template: "{{ {'text': value_json.lastScreenText} | tojson }}",
    }),
    sensor(
      'pending_approval',
      'Pending approval',
      "{{ value_json.pendingApproval.summary[:250] if value_json.pendingApproval else 'none' }}",
      {
        icon: 'mdi:account-question',
        json_attributes_topic: topics.state,
        json_attributes_template: '{{ (value_json.pendingApproval or {}) | tojson }}',
      },
    ),
    button('pause', 'Pause', 'pause', 'mdi:pause'),
    button('resume', 'Resume', 'resume', 'mdi:play'),
    button('stop', 'Stop', 'stop', 'mdi:stop'),
    button('approve', 'Approve pending', 'approve', 'mdi:check'),
    button('deny', 'Deny pending', 'deny', 'mdi:close'),
    { component: 'camera', key: 'snapshot', config: { name: 'Camera', topic: topics.snapshot } },
  ];
  return entities.map(({ component, key, config }) => ({
    topic: `${options.prefix}/${component}/${nodeId}/${key}/config`,
    payload: JSON.stringify({ ...config, ...shared, unique_id: `${nodeId}_${key}`, object_id: `${nodeId}_${key}` }),
  }));
}
