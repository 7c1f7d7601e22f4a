export { fakeApi, reply, FakeReply, type FakeHandler, type FakeRequest } from './fake-api';
