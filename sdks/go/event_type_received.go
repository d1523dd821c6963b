package postage

// EventTypeEmailReceived is a message received at an inbound domain (docs/inbound.md).
const EventTypeEmailReceived EventType = "email.received"
