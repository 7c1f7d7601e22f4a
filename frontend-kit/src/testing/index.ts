export { fakeApi, reply, FakeReply, type FakeHandler, type FakeRequest } from './fake-api';
export { courseSummaryFake } from './course-summary';
