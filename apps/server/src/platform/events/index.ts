export { createEventBus, type EventBus, type EventSubscribers, type Subscriber } from './bus';
