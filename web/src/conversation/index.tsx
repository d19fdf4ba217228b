/**
 * /conversation/* (spec 2): the live room (/conversation?id=), the speaker's open action
 * (/conversation/open?id=), the ended screen (/conversation/ended) and the recording's player
 * (/conversation/archive?id=). The room and its video
 * adapters load with this area only.
 */
import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '../shell/pages';
import ArchivePage from './archive/ArchivePage';
import EndedPage from './EndedPage';
import LivePage from './LivePage';
import OpenPage from './OpenPage';

export default function ConversationArea() {
  return (
    <Routes>
      <Route index element={<LivePage />} />
      <Route path="open" element={<OpenPage />} />
      <Route path="ended" element={<EndedPage />} />
      <Route path="archive" element={<ArchivePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
