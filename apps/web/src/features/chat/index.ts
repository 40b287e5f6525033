/** The chat feature: what routes, layouts and other screens (the lesson room) use of it. */
export { ChatConversation, type ChatConversationProps } from './components/chat-conversation.tsx';
export { ChatEvents } from './components/chat-events.tsx';
export { ChatsPanel } from './components/chats-panel.tsx';
export { MessageTutorButton, type MessageTutorButtonProps } from './components/message-tutor-button.tsx';
export { RoomsList } from './components/rooms-list.tsx';
