import { Route, Routes } from 'react-router-dom';
import { ComingLater } from '../components/Page';
import { NotFoundPage } from '../shell/pages';

/** /conversation/* (spec 2, Live conversation). Arrives in a later release. */
export default function ConversationArea() {
  return (
    <Routes>
      <Route index element={<ComingLater title="Conversation" />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
