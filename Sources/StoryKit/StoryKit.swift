// StoryKit's effect models build on MotionCore; importing StoryKit brings MotionCore with it so
// that an app needs one import for the models and the maths they take and return.
@_exported import MotionCore
