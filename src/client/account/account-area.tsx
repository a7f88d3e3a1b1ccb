import { Route, Routes } from 'react-router'
import { NotFoundPage } from '../storefront/pages/not-found-page'
import { LoginPage } from './login-page'
import { ProfilePage } from './profile-page'

/** The client-only /account/* area (its own lazy chunk). */
export default function AccountArea() {
  return (
    <Routes>
      <Route path="login" element={<LoginPage />} />
      <Route path="profile" element={<ProfilePage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  )
}
