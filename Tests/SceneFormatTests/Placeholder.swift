// Tests of SceneFormat.
