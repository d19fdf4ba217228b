/**
 * /conversation/* (spec 2): the live room (/conversation?id=), the speaker's open action
 * (/conversation/open?id=) and the ended screen (/conversation/ended). The room and its video
 * adapters load with this area only.
 */
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../shell/pages';
import EndedPage from './EndedPage';
import LivePage from './LivePage';
import OpenPage from './OpenPage';

export default function ConversationArea() {
  return (
    <Routes>
      <Route index element={<LivePage />} />
      <Route path="open" element={<OpenPage />} />
      <Route path="ended" element={<EndedPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
